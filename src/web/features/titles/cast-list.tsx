import { useState } from 'react';
import { CAST_LIMIT, type CastMember } from '@shared/catalogue';
import { DetailsSection } from './details-section';
import { initials } from './initials';

function CastPhoto({ member }: { member: CastMember }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-full bg-muted text-lg font-semibold text-muted-foreground">
      {member.profileUrl && !failed ? (
        <img src={member.profileUrl} alt="" loading="lazy" onError={() => setFailed(true)} className="size-full object-cover" />
      ) : (
        <span aria-hidden>{initials(member.name)}</span>
      )}
    </div>
  );
}

/** The first 12 cast members (spec 001 §9), with their photo or initials. */
export function CastList({ cast }: { cast: CastMember[] }) {
  const shown = cast.slice(0, CAST_LIMIT);
  return (
    <DetailsSection id="details-cast" title="Cast">
      {shown.length ? (
        <ul className="grid grid-cols-3 gap-4 sm:grid-cols-4 md:grid-cols-6">
          {shown.map((m) => (
            <li key={`${m.id}-${m.character}`} className="flex flex-col items-center gap-2 text-center">
              <CastPhoto member={m} />
              <div className="min-w-0">
                <p className="line-clamp-2 text-sm font-medium">{m.name}</p>
                {m.character ? <p className="line-clamp-2 text-xs text-muted-foreground">{m.character}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No cast information available.</p>
      )}
    </DetailsSection>
  );
}
