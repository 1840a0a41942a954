import { LaterSection } from '../common/LaterSection';

export const FormPage = () => <LaterSection titleKey="later.form" detailKey="later.formText" />;
