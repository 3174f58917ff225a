// `/open/:spaceId` (route name mcpSpace), the visitor entry of a space. It asks the visitor
// precheck (docs/decisions/mcp.md): a visitor goes on to the open space view, a member to the
// member view, and a space closed to visitors shows the catalogue's 900013 message. (The guard
// sends a logged-in user to /space/{spaceId} before this screen.)
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { ErrorCode } from '@library/contract';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { getVisitorPrecheck } from '../api/get-visitor-precheck';
import { spaceKeys } from '../api/space-keys';

export function OpenEntry() {
  const { spaceId = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const precheck = useQuery({
    queryKey: spaceKeys.visitorPrecheck(spaceId),
    queryFn: ({ signal }) => getVisitorPrecheck(spaceId, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  if (precheck.isPending) {
    return (
      <div className="centered-screen">
        <Spin />
      </div>
    );
  }
  // anything else (a network failure): the open space view says what it can
  const answer = precheck.data ?? { code: 0 };
  if (answer.code === ErrorCode.visitorAlreadyAuthorised) {
    return <Navigate to={paths.space.getHref(spaceId)} replace />;
  }
  if (answer.code === ErrorCode.spaceForbidsVisitors) {
    return (
      <div className="centered-screen">
        <Result
          icon={<StopOutlined />}
          title={answer.message}
          extra={
            <Button type="primary" onClick={() => navigate(paths.home.path)}>
              {t('placeholder.backHome')}
            </Button>
          }
        />
      </div>
    );
  }
  return <Navigate to={paths.openSpace.getHref(spaceId)} replace />;
}
