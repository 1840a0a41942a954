import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderTicket } from '../../domain/contract/orderDocuments';
import { langOf } from '../../domain/lang';
import { localized } from '../../domain/localize';
import { ticketWhen } from '../../domain/orderDocuments/tickets';
import { TicketQr } from '../../ui/TicketQr';

/** Every ticket with its QR code (none for a cancelled one), code, what, holders, when, where and status. */
export function TicketList({ tickets }: { tickets: readonly OrderTicket[] }) {
  const { t, i18n } = useTranslation('tickets');
  const lang = langOf(i18n.language);
  return (
    <ul className="ticket-list">
      {tickets.map((ticket) => {
        const when = ticketWhen(ticket, lang);
        const name = localized(ticket, 'name', lang);
        return (
          <li key={ticket.code} className="card ticket-card" data-status={ticket.status} aria-label={name}>
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
                <dt>{t('holders')}</dt>
                <dd>
                  {ticket.holders.map((holder, index) => (
                    <Fragment key={index}>
                      {index > 0 ? (lang === 'ar' ? '، ' : ', ') : null}
                      <bdi>{holder}</bdi>
                    </Fragment>
                  ))}
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
                <dt>{t('quantity')}</dt>
                <dd>{ticket.quantity}</dd>
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
