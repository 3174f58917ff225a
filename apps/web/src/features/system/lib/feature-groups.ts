// The feature switches (spec §6) grouped as the dialogs show them.
import type { Feature } from '@library/contract';

export const featureGroups: {
  key: 'account' | 'spaces' | 'content' | 'files' | 'contacts';
  features: Feature[];
}[] = [
  { key: 'account', features: ['account'] },
  {
    key: 'spaces',
    features: [
      'createSpace',
      'createSpaceGroup',
      'createSpaceFile',
      'joinSpace',
      'joinSpaceGroup',
      'joinSpaceFile',
      'spaceExternalAccess',
    ],
  },
  {
    key: 'content',
    features: ['createTopic', 'joinTopic', 'createPage', 'createExternalLink', 'aiWrite'],
  },
  { key: 'files', features: ['uploadFile', 'downloadFile', 'previewFile'] },
  { key: 'contacts', features: ['addFriend', 'createTeam'] },
];
