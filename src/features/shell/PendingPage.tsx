import { Skeleton } from '../../ui/Skeleton';

/** A screen whose data takes longer than a moment to arrive (the router waits a second before showing it). */
export function PendingPage() {
  return (
    <div className="container page" aria-busy="true">
      <Skeleton lines={4} />
    </div>
  );
}

const PLACEHOLDER_CARDS = 6;

/** A catalogue list still loading, in the shape of its heading and card grid, so nothing moves when the cards arrive. */
export function CardGridPending() {
  return (
    <div className="container page" aria-busy="true">
      <div className="page-heading">
        <Skeleton width="12rem" height="2.4rem" />
      </div>
      <ul className="card-grid" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <li key={index} className="entry-card card">
            <span className="entry-card-image-placeholder skeleton-line" />
            <span className="entry-card-body">
              <Skeleton lines={3} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A catalogue item still loading, in the shape of its main image, heading and facts. */
export function DetailPending() {
  return (
    <div className="container page detail" aria-busy="true">
      <span className="detail-image skeleton-line" />
      <div className="page-heading">
        <Skeleton width="16rem" height="2.4rem" />
      </div>
      <Skeleton lines={4} />
    </div>
  );
}
