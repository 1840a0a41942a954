import { createContext, useContext, type ReactNode } from 'react';
import type { Actor, ActorRefFrom } from 'xstate';
import type { ApiClient } from '../api/client';
import type { appShellMachine } from '../../machines/appShell';
import type { sessionMachine } from '../../machines/session';
import type { versionMachine } from '../../machines/version';
import type { CartHandle } from '../services/cartCount';
import type { KioskControls } from './kioskControls';
import type { kioskVisitorMachine } from '../../machines/kioskVisitor';

/** The long-lived actors and services of one running portal, handed to screens through context. */
export type Portal = {
  api: ApiClient;
  shell: ActorRefFrom<typeof appShellMachine>;
  session: ActorRefFrom<typeof sessionMachine>;
  version: ActorRefFrom<typeof versionMachine>;
  host: string;
  /** The app's one cart, started after the first screen (or when the cart page opens). */
  cart: CartHandle;
  /** The header badge: tickets in the cart, add-ons included (the cart's own count). */
  subscribeCartCount: (listener: (count: number) => void) => () => void;
  subscribeCartLineTypes: (listener: (types: string[]) => void) => () => void;
  /** Logout: empties the cart and releases its holds ('cart.reset'). */
  clearCart: () => Promise<void>;
  /** One visitor after another on a kiosk terminal (rests in `off` elsewhere). */
  kioskVisitor: KioskVisitorActor;
  /** What the staff panel of a kiosk does. */
  kiosk: KioskControls;
};

/** One visitor after another on a kiosk terminal: the running visitor cycle. */
export type KioskVisitorActor = Actor<typeof kioskVisitorMachine>;

const PortalContext = createContext<Portal | null>(null);

export function PortalProvider({ portal, children }: { portal: Portal; children: ReactNode }) {
  return <PortalContext.Provider value={portal}>{children}</PortalContext.Provider>;
}

export function usePortal(): Portal {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal outside PortalProvider');
  return portal;
}
