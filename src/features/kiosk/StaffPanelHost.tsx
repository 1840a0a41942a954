import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffPanelMachine } from '../../../machines/staffPanel';
import { staffPanelActors } from '../../services/staffPanel';
import { Dialog } from '../../ui/Dialog';
import { usePortal } from '../../app/portal';
import type { KioskControls } from '../../app/kioskControls';
import { PinDialog } from './PinDialog';
import { ProvisionForm } from './ProvisionForm';
import { StaffCorner } from './StaffCorner';
import { StaffPanel } from './StaffPanel';
import { staffViewOf } from './staffPanelView';
import './staff-panel.css';

/**
 * The staff panel of a kiosk terminal: the hidden corner, the PIN pad (or the provisioning form on a terminal
 * never provisioned) and the panel with its actions. Mount once, on kiosk terminals only.
 */
export function StaffPanelHost({ controls }: { controls: KioskControls }) {
  const { t } = useTranslation('kiosk');
  const { api } = usePortal();
  const [machine] = useState(() => staffPanelMachine.provide({ actors: staffPanelActors({ api }) }));
  const panel = useActorRef(machine, { input: { now: Date.now } });
  const view = useSelector(panel, staffViewOf);
  const codeField = useRef<HTMLInputElement>(null);

  return (
    <>
      {view === 'closed' ? <StaffCorner onLongPress={() => panel.send({ type: 'staff.open' })} /> : null}
      <PinDialog open={view === 'pin'} panel={panel} />
      <Dialog
        open={view === 'provisioning'}
        size="md"
        title={t('provision.title')}
        onClose={() => panel.send({ type: 'staff.close' })}
        initialFocusRef={codeField}
        className="staff-dialog"
      >
        <ProvisionForm panel={panel} codeRef={codeField} />
      </Dialog>
      <StaffPanel open={view === 'open'} panel={panel} controls={controls} />
    </>
  );
}
