import { useNavigate, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { ThreadView } from './thread-view';
import { useForumLive } from './use-forum-live';

/** /forums/threads/{id}: one thread on its own page, where forum notifications and the profile tab lead. */
export default function ThreadPage() {
  useForumLive();
  const { threadId = '' } = useParams();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Card className="p-4 sm:p-6">
        <ThreadView key={threadId} threadId={threadId} onDeleted={() => void navigate('/discover')} />
      </Card>
    </div>
  );
}
