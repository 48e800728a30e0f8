import { Crown, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { SessionView } from '@shared/session';

export function AccountInfoCard({ session }: { session: SessionView }) {
  const user = session.user!;
  const access = session.access;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your sign-in details.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="text-muted-foreground">Username</dt>
          <dd>@{user.username}</dd>
          <dt className="text-muted-foreground">Member since</dt>
          <dd>{new Date(user.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' })}</dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd className="flex flex-wrap gap-2">
            {access?.isFoundingMember ? (
              <Badge variant="gold">
                <Sparkles aria-hidden /> Founding Member{user.foundingNumber ? ` #${user.foundingNumber}` : ''}
              </Badge>
            ) : null}
            {access?.isPremium ? (
              <Badge>
                <Crown aria-hidden /> Premium
              </Badge>
            ) : (
              <Badge variant="secondary">Free</Badge>
            )}
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
