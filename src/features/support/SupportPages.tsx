import { LaterSection } from '../../ui/LaterSection';

export const CustomerSupportPage = () => <LaterSection titleKey="later.support" detailKey="later.supportText" />;
export const CustomerSupportDetailPage = () => <LaterSection titleKey="later.supportTicket" detailKey="later.supportText" />;
