import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * One row of a Settings card's list (signed-in devices, passkeys): an icon, a name with an
 * optional badge, a line of detail under it, and the row's actions at the end. `wideName` keeps
 * the name at least 9rem wide, so that on a phone the actions go below a name that may be long.
 */
export function SettingsListRow({
  icon: Icon,
  name,
  badge,
  detail,
  actions,
  wideName = false,
}: {
  icon: LucideIcon;
  name: React.ReactNode;
  badge?: React.ReactNode;
  detail: React.ReactNode;
  actions?: React.ReactNode;
  wideName?: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 text-sm">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className={cn('flex-1', wideName ? 'min-w-[9rem]' : 'min-w-0')}>
        <p className={cn('flex flex-wrap items-center gap-2 font-medium', wideName && 'break-words')}>
          {name}
          {badge}
        </p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
      {actions}
    </li>
  );
}
