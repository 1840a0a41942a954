import { NOTIFICATION_CHANNELS } from '../../src/domain/constants';
import { type Database } from '../db/client';
import { outboxMessages } from '../db/schema/accounts';

export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[keyof typeof NOTIFICATION_CHANNELS];

export type Notification = {
  /** ALL sends on every channel the recipient has an address for. */
  channel: NotificationChannel;
  to: { email?: string | null; mobile?: string | null };
  subject: string;
  body: string;
};

/** Delivers messages to people: SMS, e-mail and WhatsApp gateways plug in behind this. */
export type Notifier = { send: (notification: Notification, now: Date) => Promise<void> };

type Delivery = { channel: NotificationChannel; recipient: string };

/** One delivery per concrete channel, each to the address that channel uses. */
export function deliveries({ channel, to }: Notification): Delivery[] {
  const { ALL, SMS, EMAIL, WHATSAPP } = NOTIFICATION_CHANNELS;
  const wanted = channel === ALL ? [SMS, EMAIL, WHATSAPP] : [channel];
  return wanted.flatMap((each): Delivery[] => {
    const recipient = each === EMAIL ? to.email : to.mobile;
    return recipient ? [{ channel: each, recipient }] : [];
  });
}

/** The development adapter: every message lands in `outbox_messages`, readable through GET dev/outbox. */
export function outboxNotifier(db: Database): Notifier {
  return {
    async send(notification, now) {
      const rows = deliveries(notification).map((delivery) => ({
        ...delivery,
        subject: notification.subject,
        body: notification.body,
        createdAt: now,
      }));
      if (rows.length > 0) await db.insert(outboxMessages).values(rows);
    },
  };
}
