import { getRouteApi, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { savedCardsMachine } from '../../../machines/savedCards';
import { type SavedCardItem } from '../../domain/contract/wallet';
import { lastDayOfExpiry } from '../../domain/wallet/savedCards';
import { savedCardsActors } from '../../services/walletActors';
import { LoadState } from '../../app/LoadState';
import { usePortal } from '../../app/portal';
import { screenData } from '../../app/screenData';
import { useProvided } from '../../app/account/useAccountSession';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PageHeading } from '../../ui/PageHeading';
import { MoneyNav, useMoneyText } from './moneyParts';

const cardsRoute = getRouteApi('/_site/_login/profile/user/cards');

/** The customer's saved cards: which one checkout offers first, and deleting one after a confirmation. */
export function SavedCardsPage() {
  const { t } = useTranslation('wallet');
  const { api } = usePortal();
  const router = useRouter();
  const state = screenData(cardsRoute.useLoaderData());
  const machine = useProvided(() =>
    savedCardsMachine.provide({ actors: savedCardsActors(api), actions: { listChanged: () => void router.invalidate() } }),
  );
  const cardsActor = useActorRef(machine);
  const context = useSelector(cardsActor, (snapshot) => snapshot.context);
  const confirming = useSelector(cardsActor, (snapshot) => snapshot.matches('confirmingDelete') || snapshot.matches('deleting'));
  const pending = useSelector(cardsActor, (snapshot) => snapshot.hasTag('pending'));
  const failed = useSelector(cardsActor, (snapshot) => snapshot.matches('failed'));
  const cards = state.status === 'ready' ? state.data.data : [];
  const target = cards.find((card) => card.id === context.cardId);
  const cardName = (card: SavedCardItem) => t('cards.cardName', { brand: card.brand, masked: card.masked });

  return (
    <div className="container page money-page">
      <PageHeading title={t('cards.title')} />
      <MoneyNav />
      <p className="money-intro">{t('cards.intro')}</p>
      <LoadState state={state} />
      {context.notice ? (
        <p className="money-outcome money-outcome-paid" role="status">
          {t(`cards.${context.notice}`)}
        </p>
      ) : null}
      {failed && context.error ? (
        <div className="money-error" role="alert">
          <p>{context.error}</p>
          <Button variant="secondary" onClick={() => cardsActor.send({ type: 'change.retry' })}>
            {t('cards.retry')}
          </Button>
          <Button variant="ghost" onClick={() => cardsActor.send({ type: 'error.dismiss' })}>
            {t('cards.dismiss')}
          </Button>
        </div>
      ) : null}
      {state.status === 'ready' && cards.length === 0 ? <p className="empty-state">{t('cards.empty')}</p> : null}
      {cards.length > 0 ? (
        <ul className="saved-cards">
          {cards.map((card) => (
            <SavedCard
              key={card.id}
              card={card}
              name={cardName(card)}
              busy={pending}
              onMakeDefault={() => cardsActor.send({ type: 'card.makeDefault', cardId: card.id })}
              onDelete={() => cardsActor.send({ type: 'card.delete', cardId: card.id })}
            />
          ))}
        </ul>
      ) : null}
      <Dialog
        open={confirming && target !== undefined}
        title={t('cards.deleteTitle')}
        onClose={pending ? undefined : () => cardsActor.send({ type: 'delete.cancel' })}
        size="sm"
        actions={
          <>
            <Button variant="secondary" disabled={pending} onClick={() => cardsActor.send({ type: 'delete.cancel' })}>
              {t('cards.keep')}
            </Button>
            <Button variant="danger" pending={pending} onClick={() => cardsActor.send({ type: 'delete.confirm' })}>
              {t('cards.confirmDelete')}
            </Button>
          </>
        }
      >
        <p>{target ? t('cards.deleteText', { card: cardName(target) }) : null}</p>
      </Dialog>
    </div>
  );
}

type SavedCardProps = { card: SavedCardItem; name: string; busy: boolean; onMakeDefault: () => void; onDelete: () => void };

function SavedCard({ card, name, busy, onMakeDefault, onDelete }: SavedCardProps) {
  const { t } = useTranslation('wallet');
  const money = useMoneyText('');
  const lastDay = lastDayOfExpiry(card.expiry);
  return (
    <li className={`saved-card card${card.is_expired ? ' is-expired' : ''}`} aria-label={name}>
      <div className="saved-card-facts">
        <span className="saved-card-brand">{card.brand}</span>
        <span className="saved-card-number" dir="ltr">
          {card.masked}
        </span>
        <span className="saved-card-expiry">
          {card.is_expired ? t('cards.expiredNote', { expiry: lastDay ? money.date(lastDay) : card.expiry }) : t('cards.expires', { expiry: card.expiry })}
        </span>
        <span className="saved-card-badges">
          {card.is_default ? <span className="badge badge-default">{t('cards.default')}</span> : null}
          {card.is_expired ? <span className="badge badge-expired">{t('cards.expired')}</span> : null}
        </span>
      </div>
      <div className="saved-card-actions">
        {!card.is_default && !card.is_expired ? (
          <Button variant="secondary" disabled={busy} onClick={onMakeDefault} aria-label={`${t('cards.makeDefault')}: ${name}`}>
            {t('cards.makeDefault')}
          </Button>
        ) : null}
        <Button variant="danger" disabled={busy} onClick={onDelete} aria-label={`${t('cards.delete')}: ${name}`}>
          {t('cards.delete')}
        </Button>
      </div>
    </li>
  );
}
