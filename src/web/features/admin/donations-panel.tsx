import { useState } from 'react';
import type { AdminDonation } from '@shared/admin';
import { Badge } from '@/components/ui/badge';
import { useDonations } from './api';
import { Pager } from './audit-panel';
import { Empty, ListSkeleton, LoadFailed, ScrollList } from './shared';

/** An amount in the donation's currency, in the admin's locale (ruling 18). */
const formatAmount = (d: AdminDonation) => {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: d.currency.toUpperCase() }).format(d.amountCents / 100);
  } catch {
    return `${(d.amountCents / 100).toFixed(2)} ${d.currency.toUpperCase()}`;
  }
};

/** Donations (ruling 15), newest first: how much, from whom (or Anonymous), its status and when. */
export function DonationsPanel() {
  const [page, setPage] = useState(1);
  const list = useDonations(page);
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <LoadFailed title="Error fetching donations" detail="Could not load donations..." onRetry={() => void list.refetch()} />;
  const { donations, total, pageSize } = list.data;
  if (donations.length === 0) return <Empty>No donations yet.</Empty>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        {total.toLocaleString()} {total === 1 ? 'donation' : 'donations'}
      </p>
      <ScrollList label="Donations">
        {donations.map((d) => (
          <li key={d.id} className="flex items-start justify-between gap-3 rounded-md border p-3 text-sm">
            <div className="min-w-0">
              <p className="truncate font-medium">{d.donor ? (d.donor.username ? `@${d.donor.username}` : d.donor.email) : 'Anonymous'}</p>
              {d.donor?.username ? <p className="truncate text-xs text-muted-foreground">{d.donor.email}</p> : null}
              <p className="text-xs text-muted-foreground">{new Date(d.createdAt).toLocaleString()}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <span className="font-semibold tabular-nums">{formatAmount(d)}</span>
              <Badge variant="secondary" className="capitalize">
                {d.status}
              </Badge>
            </div>
          </li>
        ))}
      </ScrollList>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}
