import { LaterSection } from '../common/LaterSection';

export const LoginPage = () => <LaterSection titleKey="account.login" detailKey="later.accountText" />;
export const RegisterPage = () => <LaterSection titleKey="account.register" detailKey="later.accountText" />;
export const VerifyCustomerPage = () => <LaterSection titleKey="account.verifyCustomer" detailKey="later.accountText" />;
