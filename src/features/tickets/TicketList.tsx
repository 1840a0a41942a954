import { useTranslation } from 'react-i18next';
import { type OrderTicket } from '../../domain/contract/orderDocuments';
import { langOf } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { ticketWhen } from '../../domain/orderDocuments/tickets';
import { TicketQr } from '../../ui/TicketQr';

/** Every ticket, one a person, with its QR code (none for a cancelled one), code, what, holder, when, where and status. */
export function TicketList({ tickets }: { tickets: readonly OrderTicket[] }) {
  const { t, i18n } = useTranslation('tickets');
  const lang = langOf(i18n.language);
  return (
    <ul className="ticket-list">
      {tickets.map((ticket) => {
        const when = ticketWhen(ticket, lang);
        const name = localized(ticket, 'name', lang);
        return (
          <li key={ticket.code} className="card ticket-card" data-status={ticket.status} aria-label={`${name}${lang === 'ar' ? '، ' : ', '}${ticket.holder}`}>
            {ticket.status === 'cancelled' ? (
              <p className="ticket-void">{t('cancelledNoQr')}</p>
            ) : (
              <div className="ticket-qr">
                <TicketQr code={ticket.code} label={t('qrLabel', { code: ticket.code })} />
              </div>
            )}
            <div className="ticket-facts">
              <h3 dir="auto">{name}</h3>
              <dl>
                <dt>{t('code')}</dt>
                <dd>
                  <bdi className="ticket-code" data-testid="ticket-code">
                    {ticket.code}
                  </bdi>
                </dd>
                <dt>{t('holder')}</dt>
                <dd>
                  <bdi data-testid="ticket-holder">{ticket.holder}</bdi>
                </dd>
                {when.day ? (
                  <>
                    <dt>{t('when')}</dt>
                    <dd>
                      {when.day}
                      {when.time ? (
                        <>
                          {' · '}
                          <bdi>{when.time}</bdi>
                        </>
                      ) : null}
                    </dd>
                  </>
                ) : null}
                {ticket.place ? (
                  <>
                    <dt>{t('where')}</dt>
                    <dd>
                      <bdi>{localized(ticket.place, 'name', lang)}</bdi>
                    </dd>
                  </>
                ) : null}
                {ticket.quantity > 1 ? (
                  <>
                    <dt>{t('quantity')}</dt>
                    <dd>{ticket.quantity}</dd>
                  </>
                ) : null}
                <dt>{t('ticketStatus')}</dt>
                <dd>
                  <span className="ticket-status" data-status={ticket.status}>
                    {t(`ticketStatuses.${ticket.status}`)}
                  </span>
                </dd>
              </dl>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
