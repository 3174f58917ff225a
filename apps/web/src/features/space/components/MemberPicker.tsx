// Picks a member for a space's member group: one of my friends or a team I am in (never for the
// owner group: owners are people), or any account typed in full — numeric ID, mobile or e-mail.
import { useMemo, useState } from 'react';
import { AutoComplete, Button, Space } from 'antd';
import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AddMemberRequest } from '@library/contract';
import { useAllFriends, useTeams } from '../../addrbook';

const matches = (text: string, ...fields: string[]) =>
  text === '' || fields.some((field) => field.toLowerCase().includes(text.toLowerCase()));

export function MemberPicker({
  allowTeams,
  taken,
  onAdd,
}: {
  allowTeams: boolean;
  /** `user:<id>` and `team:<id>` of the group's members, not offered again */
  taken: ReadonlySet<string>;
  onAdd: (member: AddMemberRequest) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  const friends = useAllFriends(open);
  const teams = useTeams();
  const typed = text.trim();

  const options = useMemo(() => {
    const friendOptions = (friends.data?.list ?? [])
      .filter((friend) => !taken.has(`user:${friend.userId}`))
      .filter((friend) => matches(typed, friend.nickname, friend.remark, friend.userId))
      .slice(0, 50)
      .map((friend) => ({
        value: `user:${friend.userId}`,
        label: (
          <Space size={6}>
            <UserOutlined />
            {friend.remark ? `${friend.remark}（${friend.nickname}）` : friend.nickname}
          </Space>
        ),
      }));
    const teamOptions = allowTeams
      ? (teams.data ?? [])
          .filter((team) => !taken.has(`team:${team.teamId}`) && matches(typed, team.name))
          .slice(0, 50)
          .map((team) => ({
            value: `team:${team.teamId}`,
            label: (
              <Space size={6}>
                <TeamOutlined />
                {team.name}
              </Space>
            ),
          }))
      : [];
    return [
      ...(friendOptions.length ? [{ label: t('spaces.pickFriends'), options: friendOptions }] : []),
      ...(teamOptions.length ? [{ label: t('spaces.pickTeams'), options: teamOptions }] : []),
    ];
  }, [friends.data, teams.data, typed, allowTeams, taken, t]);

  const add = async (member: AddMemberRequest) => {
    setAdding(true);
    try {
      if (await onAdd(member)) setText('');
    } finally {
      setAdding(false);
    }
  };
  const handleSelect = (value: string) => {
    const [type, id = ''] = value.split(':');
    void add(
      type === 'team' ? { memberType: 'team', teamId: id } : { memberType: 'user', account: id },
    );
  };
  const handleAddTyped = () => {
    if (typed) void add({ memberType: 'user', account: typed });
  };

  return (
    <Space.Compact className="member-add">
      <AutoComplete
        value={text}
        options={options}
        onChange={setText}
        onSelect={handleSelect}
        onOpenChange={setOpen}
        placeholder={t(allowTeams ? 'spaces.memberPickerHint' : 'spaces.accountHint')}
        aria-label={t('spaces.account')}
        style={{ flex: 1, minWidth: 0 }}
        defaultActiveFirstOption={false}
        onKeyDown={(event) => {
          // Enter picks a highlighted suggestion (onSelect); with none to pick, adds what was typed
          if (event.key === 'Enter' && options.length === 0) handleAddTyped();
        }}
      />
      <Button loading={adding} onClick={handleAddTyped}>
        {t('spaces.addMember')}
      </Button>
    </Space.Compact>
  );
}
