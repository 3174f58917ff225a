import type { ReactNode } from 'react';
import { ContactsOutlined, DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { paths } from '../../../config/paths';

export interface NextStep {
  key: 'notes' | 'course' | 'addressBook' | 'recycle';
  path: string;
  icon: ReactNode;
}

/** Where a new user can go from the home screen. */
export const nextSteps: readonly NextStep[] = [
  { key: 'notes', path: paths.notes.path, icon: <EditOutlined /> },
  { key: 'course', path: paths.course.path, icon: <HistoryOutlined /> },
  { key: 'addressBook', path: paths.addressBook.path, icon: <ContactsOutlined /> },
  { key: 'recycle', path: paths.recycle.path, icon: <DeleteOutlined /> },
];
