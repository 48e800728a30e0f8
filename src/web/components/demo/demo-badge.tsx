import { FlaskConical } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** Marks a member of the demo community (`npm run seed`, decision 040) wherever a person is shown with badges. */
export function DemoBadge({ isDemo }: { isDemo: boolean }) {
  if (!isDemo) return null;
  return (
    <Badge variant="outline" title="A member of the demo community: not a real person">
      <FlaskConical aria-hidden /> Demo
    </Badge>
  );
}
