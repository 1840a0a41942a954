import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { minutesSince } from '../../domain/age';
import { type OrderDocuments } from '../../domain/contract/orderDocuments';
import { type OrderStatus } from '../../domain/contract/orders';
import { viewTicketsPath } from '../../domain/profileMenu';
import { ageText } from '../../app/ageText';
import { LoadState } from '../../app/LoadState';
import { usePortal } from '../../app/portal';
import { keepOrderTickets, ticketOwner, type KeptOrder } from '../../services/keptTickets';
import { Button } from '../../ui/Button';
import { useKioskMode } from '../../ui/kiosk';
import { PageHeading } from '../../ui/PageHeading';
import { DocumentActions } from './DocumentActions';
import { TicketList } from './TicketList';
import { TransactionDetails } from './TransactionDetails';
import './tickets.css';

const ticketsRoute = getRouteApi('/_site/_login/profile/view-tickets/$orderId');

/**
 * /profile/view-tickets/{order_id} [S0-2.20]: every ticket of the customer's order with its QR code, the ticket and
 * receipt PDFs (printed instead at a kiosk terminal) and the transaction details. With no network, the tickets this
 * device kept.
 */
export function ViewTicketsPage() {
  const { t } = useTranslation('tickets');
  const { documents, kept } = ticketsRoute.useLoaderData();
  const router = useRouter();
  const orderId = Number(ticketsRoute.useParams().orderId);

  if (documents.ok) return <OrderTicketsView documents={documents.data.data} />;
  const keptOrder = kept.find((order) => order.orderId === orderId);
  if (documents.status === 0 && keptOrder) return <KeptTicketsView order={keptOrder} />;
  return (
    <div className="container page tickets-page">
      <PageHeading title={t('title')} />
      {documents.status === 0 ? (
        <p role="alert" className="load-error">
          {t('offline.notKept')}
        </p>
      ) : (
        <LoadState state={{ status: 'error', message: documents.message, code: documents.status }} />
      )}
      <Button size="lg" onClick={() => void router.invalidate()}>
        {t('retry')}
      </Button>
      {kept.length > 0 ? (
        <section className="card" aria-labelledby="kept-orders">
          <h2 id="kept-orders">{t('offline.otherKept')}</h2>
          <ul className="kept-orders">
            {kept.map((order) => (
              <li key={order.orderId}>
                <Link to={viewTicketsPath(order.orderId)}>{t('offline.orderLink', { reference: order.reference })}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function OrderTicketsView({ documents }: { documents: OrderDocuments }) {
  const { t } = useTranslation('tickets');
  const portal = usePortal();
  const kiosk = useKioskMode();
  const owner = useSelector(portal.session, (state) => ticketOwner(state.context.user));
  const { transaction } = documents;

  useEffect(() => {
    // What was just shown is the freshest copy for the gate (a purchase made since the device last refreshed them).
    if (!kiosk && owner) void keepOrderTickets(owner, documents).catch(() => undefined);
  }, [kiosk, owner, documents]);

  return (
    <div className="container page tickets-page" data-print-root>
      <PageHeading title={t('title')} />
      <OrderFacts reference={documents.reference} status={transaction.status}>
        <DocumentActions orderId={documents.order_id} reference={documents.reference} />
      </OrderFacts>
      <section className="tickets-section" aria-labelledby="tickets-heading" data-print-part="tickets">
        <h2 id="tickets-heading">{t('ticketsHeading')}</h2>
        {documents.tickets.length > 0 ? (
          <>
            <p className="tickets-hint">{t('showAtEntrance')}</p>
            <TicketList tickets={documents.tickets} />
          </>
        ) : (
          <p className="empty-state">{transaction.status === 'pending_payment' ? t('noTicketsUnpaid') : t('noTickets')}</p>
        )}
      </section>
      <TransactionDetails documents={documents} />
    </div>
  );
}

function KeptTicketsView({ order }: { order: KeptOrder }) {
  const { t } = useTranslation('tickets');
  const { t: tAge } = useTranslation('facilityBooking');
  return (
    <div className="container page tickets-page">
      <PageHeading title={t('title')} />
      <p className="device-copy-note" role="status">
        {t('offline.kept', { age: ageText(tAge, minutesSince(order.savedAt, Date.now())) })}
      </p>
      <OrderFacts reference={order.reference} />
      <section className="tickets-section" aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">{t('ticketsHeading')}</h2>
        <p className="tickets-hint">{t('showAtEntrance')}</p>
        <TicketList tickets={order.tickets} />
      </section>
    </div>
  );
}

/** The order's reference and, when known, its status, with what can be done with its documents. */
function OrderFacts({ reference, status, children }: { reference: string; status?: OrderStatus; children?: ReactNode }) {
  const { t } = useTranslation('tickets');
  return (
    <section className="card tickets-order" aria-label={t('reference')}>
      <dl className="fact-grid">
        <dt>{t('reference')}</dt>
        <dd>
          <bdi data-testid="order-reference">{reference}</bdi>
        </dd>
        {status ? (
          <>
            <dt>{t('orderStatus')}</dt>
            <dd>{t(`orderStatuses.${status}`)}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </section>
  );
}
