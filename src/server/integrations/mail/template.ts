import type { MailContent } from './outbox';

export interface MailTemplate {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /**
   * A notification mail's one-click unsubscribe link (RFC 8058): offered in the footer and given as
   * `List-Unsubscribe` with `List-Unsubscribe-Post`. Transactional mails have none.
   */
  unsubscribeUrl?: string;
}

export const UNSUBSCRIBE_LABEL = 'Unsubscribe from these e-mails';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** One plain, accessible layout for every mail, with a text part that carries the same links. */
export function renderMail(t: MailTemplate): MailContent {
  const paras = t.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const action = t.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(t.action.url)}" style="background:#e11d48;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t.action.label)}</a></p><p style="font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(t.action.url)}">${escapeHtml(t.action.url)}</a></p>`
    : '';
  const unsubscribe = t.unsubscribeUrl ? ` <a href="${escapeHtml(t.unsubscribeUrl)}" style="color:#555">${UNSUBSCRIBE_LABEL}</a>` : '';
  const footer = escapeHtml(t.footer ?? 'You received this mail from Reelmates.') + unsubscribe;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:22px">${escapeHtml(t.heading)}</h1>${paras}${action}<hr style="border:none;border-top:1px solid #ddd;margin:24px 0"><p style="font-size:12px;color:#777">${footer}</p></body></html>`;
  const text = [
    t.heading,
    '',
    ...t.paragraphs.flatMap((p) => [p, '']),
    ...(t.action ? [`${t.action.label}: ${t.action.url}`, ''] : []),
    t.footer ?? 'You received this mail from Reelmates.',
    ...(t.unsubscribeUrl ? [`${UNSUBSCRIBE_LABEL}: ${t.unsubscribeUrl}`] : []),
  ].join('\n');
  const headers = t.unsubscribeUrl ? { ...t.headers, 'List-Unsubscribe': `<${t.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : t.headers;
  return { to: t.to, subject: t.subject, html, text, ...(t.replyTo ? { replyTo: t.replyTo } : {}), ...(headers ? { headers } : {}) };
}
