/**
 * "Follow your matter": the link to /matter/ that the client's own pages (the engagement's and
 * the identity details') show once their matter is open (issue 34), so the place that tracks
 * it is never a secret. The sign-in there is by e-mail (docs/decisions/032).
 */
import { FOLLOW_MATTER_LINK, FOLLOW_MATTER_WHY } from '#src/content/client-matter.ts';

export function FollowMatter() {
  return (
    <div className="panel panel-success" data-testid="follow-matter">
      <p className="mb-0">
        {FOLLOW_MATTER_WHY} <a href="/matter/">{FOLLOW_MATTER_LINK}</a>
      </p>
    </div>
  );
}
