import { LaterSection } from '../../ui/LaterSection';

export const FormPage = () => <LaterSection titleKey="later.form" detailKey="later.formText" />;
