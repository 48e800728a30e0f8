import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ADMIN_TEXT } from '@shared/admin';
import { useBlockEmail, useUnblockEmail } from './api';

/** Blocks or unblocks any address, also one without an account (sign-up then refuses it). */
export function EmailBlockForm() {
  const [email, setEmail] = useState('');
  const block = useBlockEmail();
  const unblock = useUnblockEmail();
  const address = email.trim();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!address) return;
    block.mutate(address, { onSuccess: () => toast.success('Email blocked', { description: address }), onError: () => toast.error(ADMIN_TEXT.blockFailed) });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row" aria-label="Block an email address">
      <Input type="email" aria-label="Email address to block or unblock" placeholder="name@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" className="h-10" disabled={!address || block.isPending}>
          Block email
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="h-10"
          disabled={!address || unblock.isPending}
          onClick={() =>
            unblock.mutate(address, { onSuccess: () => toast.success('Email unblocked', { description: address }), onError: () => toast.error(ADMIN_TEXT.unblockFailed) })
          }
        >
          Unblock
        </Button>
      </div>
    </form>
  );
}
