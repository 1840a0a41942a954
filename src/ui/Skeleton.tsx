import { type CSSProperties } from 'react';

export interface SkeletonProps {
  /** A CSS length or a number of pixels. */
  width?: number | string;
  height?: number | string;
  /** Several text-like lines; the last one is shorter, as a paragraph's would be. */
  lines?: number;
}

/** A placeholder the shape of content still loading; hidden from assistive technology, which gets the Spinner's status instead. */
export function Skeleton({ width = '100%', height = '1em', lines = 1 }: SkeletonProps) {
  const count = Math.max(1, Math.floor(lines));
  return (
    <span className="skeleton" aria-hidden="true" style={{ inlineSize: width }}>
      {Array.from({ length: count }, (_, index) => {
        const style: CSSProperties = {
          blockSize: height,
          inlineSize: count > 1 && index === count - 1 ? '60%' : '100%',
        };
        return <span key={index} className="skeleton-line" style={style} />;
      })}
    </span>
  );
}
