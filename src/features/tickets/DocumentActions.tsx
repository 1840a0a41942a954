import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getOrderDocumentPdf } from '../../api/orderDocuments';
import { documentFileName, type OrderDocumentKind } from '../../domain/contract/orderDocuments';
import { langOf } from '../../domain/lang';
import { usePortal } from '../../app/portal';
import { Button } from '../../ui/Button';
import { useKioskMode } from '../../ui/kiosk';

const KINDS: readonly OrderDocumentKind[] = ['tickets', 'receipt'];

/** Saves a file the page holds under `name`, as a download of the browser. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed a while later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Prints one part of the page (the print stylesheet shows only the part named on <html data-print>): at a terminal
 * Chromium runs with --kiosk-printing, so it goes straight to the receipt printer.
 */
function printPart(kind: OrderDocumentKind) {
  const root = document.documentElement;
  root.dataset.print = kind;
  window.addEventListener('afterprint', () => delete root.dataset.print, { once: true });
  window.print();
}

/** "Download tickets" and "Download receipt": PDFs the server makes; at a kiosk terminal "Print" instead [S0-2.59]. */
export function DocumentActions({ orderId, reference }: { orderId: number; reference: string }) {
  const { t, i18n } = useTranslation('tickets');
  const { api } = usePortal();
  const kiosk = useKioskMode();
  const [pending, setPending] = useState<OrderDocumentKind | null>(null);
  const [problem, setProblem] = useState<'downloadFailed' | 'downloadOffline' | null>(null);

  const download = async (kind: OrderDocumentKind) => {
    setPending(kind);
    setProblem(null);
    const result = await getOrderDocumentPdf(api, orderId, kind, langOf(i18n.language));
    setPending(null);
    if (result.ok) saveFile(result.data, documentFileName(kind, reference));
    else setProblem(result.status === 0 ? 'downloadOffline' : 'downloadFailed');
  };

  return (
    <div className="tickets-actions">
      <div className="cluster">
        {KINDS.map((kind) =>
          kiosk ? (
            <Button key={kind} size="lg" variant={kind === 'tickets' ? 'primary' : 'secondary'} onClick={() => printPart(kind)}>
              {t(kind === 'tickets' ? 'printTickets' : 'printReceipt')}
            </Button>
          ) : (
            <Button key={kind} size="lg" variant={kind === 'tickets' ? 'primary' : 'secondary'} pending={pending === kind} onClick={() => void download(kind)}>
              {t(kind === 'tickets' ? 'downloadTickets' : 'downloadReceipt')}
            </Button>
          ),
        )}
      </div>
      {problem ? (
        <p className="load-error" role="alert">
          {t(problem)}
        </p>
      ) : null}
    </div>
  );
}
