// `/open/:spaceId` (route name mcpSpace), the visitor entry of a space: anonymous visitors go on
// to the open space view; the guard sends a logged-in user to /space/{spaceId} instead.
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';

export function OpenEntry() {
  const { spaceId = '' } = useParams();
  return <Navigate to={paths.openSpace.getHref(spaceId)} replace />;
}
