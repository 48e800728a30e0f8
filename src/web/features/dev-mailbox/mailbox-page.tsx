import { useQuery } from '@tanstack/react-query';
import { Inbox, RefreshCw } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError, call } from '@/lib/api';
import { urlOf } from '@shared/api/contract';
import { devMailboxApi } from '@shared/api/dev-mailbox';
import { cn } from '@/lib/utils';

/** Turns URLs in plain text into links; everything else stays text (no HTML is interpreted). */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-primary underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Development only: every mail the app has sent, newest first, as text with working links and as HTML. */
export default function MailboxPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  const mails = useQuery({ queryKey: ['dev-mailbox'], queryFn: ({ signal }) => call(devMailboxApi.list, {}, { signal }), refetchInterval: 3000 });

  if (mails.isPending) return <PageSpinner />;
  if (mails.isError) {
    const off = mails.error instanceof ApiError && mails.error.status === 404;
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">Dev mailbox</h1>
        <p className="mt-2 text-muted-foreground">{off ? 'The dev mailbox is off on this server (production, or SMTP is configured).' : mails.error.message}</p>
      </div>
    );
  }
  const list = mails.data.mails;
  const selected = list.find((m) => m.id === openId) ?? list[0];
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex items-center gap-3">
        <Inbox className="size-6 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold">Dev mailbox</h1>
        <Badge variant="outline">test mode</Badge>
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => mails.refetch()}>
          <RefreshCw aria-hidden /> Refresh
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">Mails are not delivered: they are kept here and as .eml files in the data folder.</p>
      {list.length === 0 ? (
        <p className="mt-12 text-center text-muted-foreground">No mail yet.</p>
      ) : (
        <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
          <ul className="space-y-2" aria-label="Mails">
            {list.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(m.id)}
                  className={cn('w-full rounded-lg border p-3 text-left hover:bg-accent', selected?.id === m.id && 'border-primary bg-primary/5')}
                >
                  <p className="truncate font-medium">{m.subject}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    to {m.to} · {new Date(m.createdAt).toLocaleString()} {m.status === 'sent' ? '' : `· ${m.status}`}
                  </p>
                </button>
              </li>
            ))}
          </ul>
          {selected ? (
            <Card className="min-w-0 p-4">
              <h2 className="text-lg font-semibold">{selected.subject}</h2>
              <p className="text-sm text-muted-foreground">To: {selected.to}</p>
              <pre data-testid="mail-text" className="mt-4 rounded-md bg-muted p-4 text-sm whitespace-pre-wrap">
                <Linkified text={selected.text} />
              </pre>
              <h3 className="mt-6 mb-2 text-sm font-semibold">HTML</h3>
              <iframe
                title="Mail HTML"
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                src={urlOf(devMailboxApi.html, { params: { id: selected.id } })}
                className="h-[28rem] w-full rounded-md border bg-white"
              />
            </Card>
          ) : null}
        </div>
      )}
    </div>
  );
}
