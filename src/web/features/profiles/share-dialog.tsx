import { Check, Copy, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { FacebookIcon, XIcon } from '@/components/layout/brand-icons';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

const COPIED_MS = 2000;
const SHARE_WINDOW = 'width=600,height=400,noopener,noreferrer';

/** The public share link of a profile: {origin}/{username}. */
export const shareUrl = (username: string) => `${window.location.origin}/${encodeURIComponent(username)}`;

export function ShareDialog({ open, onOpenChange, username, name }: { open: boolean; onOpenChange: (open: boolean) => void; username: string; name: string }) {
  const [copied, setCopied] = useState(false);
  const url = shareUrl(username);
  const text = `Check out ${name}'s profile on Reelmates and find your next watch buddy!`;

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success('Link copied', { description: 'The profile link is on your clipboard.' });
    } catch {
      toast.error('Error', { description: 'Failed to copy link. Please try again.' });
    }
  };

  const targets = [
    { label: 'Facebook', Icon: FacebookIcon, href: `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}` },
    { label: 'Twitter', Icon: XIcon, href: `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url })}` },
    { label: 'Email', Icon: Mail, href: `mailto:?subject=${encodeURIComponent(`${name} on Reelmates`)}&body=${encodeURIComponent(`${text}\n\n${url}`)}` },
  ];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share Profile</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <Input readOnly value={url} aria-label="Profile link" onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" variant="outline" onClick={copy} className="w-28">
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied!' : 'Copy Link'}
          </Button>
        </div>
        <div className="grid grid-cols-3 gap-2">
          {targets.map(({ label, Icon, href }) => (
            <Button key={label} type="button" variant="secondary" onClick={() => window.open(href, '_blank', SHARE_WINDOW)}>
              <Icon aria-hidden /> {label}
            </Button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
