import { Skeleton } from '../../ui/Skeleton';

/** A screen whose data takes longer than a moment to arrive (the router waits a second before showing it). */
export function PendingPage() {
  return (
    <div className="container page" aria-busy="true">
      <Skeleton lines={4} />
    </div>
  );
}
