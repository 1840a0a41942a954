import { type OrderStatus } from '../../../src/domain/contract/orders';
import { type OrderPayment, type OrderRefund, type PaymentMethod, type TicketStatus } from '../../../src/domain/contract/orderDocuments';
import { type Lang } from '../../../src/domain/lang';

/**
 * The words of the ticket and receipt PDFs. The server shares no strings with the client (i18next lives in the PWA),
 * so the PDFs carry their own, the same as the view-tickets screen's (src/i18n/locales/<lang>/tickets.json).
 */
type DocumentWords = {
  tickets: string;
  receipt: string;
  order: string;
  orderDate: string;
  status: string;
  code: string;
  holder: string;
  when: string;
  where: string;
  quantity: string;
  items: string;
  addon: string;
  cancelledLine: string;
  subtotal: string;
  vat: string;
  discount: string;
  total: string;
  payments: string;
  refunds: string;
  amountPaid: string;
  pendingAmount: string;
  refunded: string;
  refundRequested: string;
  noTickets: string;
  showAtEntrance: string;
  orderStatuses: Record<OrderStatus, string>;
  ticketStatuses: Record<TicketStatus, string>;
  methods: Record<PaymentMethod, string>;
  paymentStatuses: Record<OrderPayment['status'], string>;
  refundStatuses: Record<OrderRefund['status'], string>;
  refundTo: Record<OrderRefund['method'], string>;
};

export const DOCUMENT_WORDS: Record<Lang, DocumentWords> = {
  en: {
    tickets: 'Tickets',
    receipt: 'Receipt',
    order: 'Order',
    orderDate: 'Date',
    status: 'Status',
    code: 'Code',
    holder: 'Holder',
    when: 'When',
    where: 'Where',
    quantity: 'Quantity',
    items: 'Items',
    addon: 'Add-on',
    cancelledLine: 'cancelled',
    subtotal: 'Subtotal',
    vat: 'VAT',
    discount: 'Discount',
    total: 'Total',
    payments: 'Payments',
    refunds: 'Refunds',
    amountPaid: 'Amount paid',
    pendingAmount: 'Pending amount',
    refunded: 'Refunded',
    refundRequested: 'Refund requested',
    noTickets: 'This order has no tickets.',
    showAtEntrance: 'Show the QR code at the entrance.',
    orderStatuses: { pending_payment: 'Awaiting payment', paid: 'Paid', awaiting_approval: 'Awaiting approval', failed: 'Payment failed', expired: 'Expired' },
    ticketStatuses: { valid: 'Valid', awaiting_approval: 'Awaiting approval', cancelled: 'Cancelled', past: 'Past' },
    methods: { card: 'Card', wallet: 'Wallet', qpoints: 'Q-Points', credit: 'Credit' },
    paymentStatuses: { paid: 'Paid', pending: 'Pending', declined: 'Declined', returned: 'Returned' },
    refundStatuses: { requested: 'Refund requested', refunded: 'Refunded' },
    refundTo: { wallet: 'To the wallet', card: 'To the card' },
  },
  ar: {
    tickets: 'التذاكر',
    receipt: 'الإيصال',
    order: 'الطلب',
    orderDate: 'التاريخ',
    status: 'الحالة',
    code: 'الرمز',
    holder: 'حامل التذكرة',
    when: 'الموعد',
    where: 'المكان',
    quantity: 'الكمية',
    items: 'العناصر',
    addon: 'إضافة',
    cancelledLine: 'ملغى',
    subtotal: 'المجموع الفرعي',
    vat: 'ضريبة القيمة المضافة',
    discount: 'الخصم',
    total: 'الإجمالي',
    payments: 'المدفوعات',
    refunds: 'المبالغ المستردة',
    amountPaid: 'المبلغ المدفوع',
    pendingAmount: 'المبلغ المستحق',
    refunded: 'تم الاسترداد',
    refundRequested: 'طلب استرداد',
    noTickets: 'لا توجد تذاكر لهذا الطلب.',
    showAtEntrance: 'أظهر رمز QR عند المدخل.',
    orderStatuses: { pending_payment: 'بانتظار الدفع', paid: 'مدفوع', awaiting_approval: 'بانتظار الموافقة', failed: 'فشل الدفع', expired: 'منتهي' },
    ticketStatuses: { valid: 'صالحة', awaiting_approval: 'بانتظار الموافقة', cancelled: 'ملغاة', past: 'منتهية' },
    methods: { card: 'البطاقة', wallet: 'المحفظة', qpoints: 'نقاط كيو', credit: 'الرصيد الائتماني' },
    paymentStatuses: { paid: 'مدفوع', pending: 'قيد الانتظار', declined: 'مرفوض', returned: 'أعيد' },
    refundStatuses: { requested: 'طلب استرداد', refunded: 'تم الاسترداد' },
    refundTo: { wallet: 'إلى المحفظة', card: 'إلى البطاقة' },
  },
};
