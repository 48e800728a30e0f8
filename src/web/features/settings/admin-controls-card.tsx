import { ShieldCheck } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Shown to admins only. The reports and user-management tools come with the admin issue. */
export function AdminControlsCard() {
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden /> Admin Controls
        </CardTitle>
        <CardDescription>User reports and user management are coming soon.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">You will review reports, ban or dismiss, and manage users here.</CardContent>
    </Card>
  );
}
