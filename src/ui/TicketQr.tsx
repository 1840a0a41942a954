import { useEffect, useState } from 'react';
import { Skeleton } from './Skeleton';

/** Blank modules around the code, as scanners expect. */
const QUIET_ZONE = 4;

/** One SVG path for all dark modules: crisp at any size, no inline markup or data URL for the CSP to refuse. */
function modulesPath(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    });
  });
  return parts.join('');
}

/**
 * A ticket code as a QR code. The encoder (uqr: no dependencies, a few kilobytes) loads only when a ticket is
 * shown, so no other screen pays for it.
 */
export function TicketQr({ code, label }: { code: string; label: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      if (current) setModules(encode(code, { ecc: 'M' }).data);
    });
    return () => {
      current = false;
    };
  }, [code]);
  if (!modules) return <Skeleton width="12rem" height="12rem" />;
  const size = modules.length + QUIET_ZONE * 2;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" data-qr={code}>
      <rect width={size} height={size} fill="#fff" />
      <path d={modulesPath(modules)} fill="#000" />
    </svg>
  );
}
