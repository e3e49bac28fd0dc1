import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { emailOutbox } from './schema.js';

/*
 * Email of notification workflows: one interface, two senders (README, configuration).
 * - `outbox` (default, offline; what the demo and tests use): the email is a row of `email_outbox`, written in the
 *   delivery job's transaction, listed by GET /api/v1/devops/notification/email_outbox.
 * - `smtp` (SMTP_URL set): nodemailer through that server, from SMTP_FROM; nodemailer is loaded on the first email,
 *   never at start. An SMTP answer is not transactional: a job whose transaction fails after the server took the
 *   email sends it again on its retry (at least once).
 * Messages are plain text only (no HTML): nothing a template or an event says can become markup.
 */

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Where it comes from in the portal (the outbox keeps them). */
  deliveryId?: number;
  workflowId?: number;
}

export interface EmailSender {
  readonly name: 'outbox' | 'smtp';
  readonly from: string;
  /** Sends (or records) the email, or throws: the delivery is retried. */
  send(tx: Db, email: Email): Promise<void>;
}

export function outboxEmailSender(from: string): EmailSender {
  return {
    name: 'outbox',
    from,
    async send(tx, e) {
      await tx
        .insert(emailOutbox)
        .values({
          deliveryId: e.deliveryId ?? null,
          workflowId: e.workflowId ?? null,
          fromAddress: from,
          toAddress: e.to,
          subject: e.subject,
          body: e.text,
        })
        .onConflictDoNothing();
    },
  };
}

/** The SMTP sender: one pooled-less transport made on first use (a job sends one email at a time). */
export function smtpEmailSender(opts: { url: string; from: string; timeoutMs?: number }): EmailSender {
  let transport: Promise<Transporter> | undefined;
  const timeout = opts.timeoutMs ?? 15_000;
  const load = () =>
    (transport ??= import('nodemailer').then((m) =>
      (m.default ?? m).createTransport({
        url: opts.url,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      }),
    ));
  return {
    name: 'smtp',
    from: opts.from,
    async send(_tx, e) {
      const t = await load();
      await t.sendMail({ from: opts.from, to: e.to, subject: e.subject, text: e.text });
    },
  };
}

export function emailSenderFor(config: Config): EmailSender {
  return config.email.url
    ? smtpEmailSender({ url: config.email.url, from: config.email.from })
    : outboxEmailSender(config.email.from);
}
