import {
  FileTextOutlined,
  FolderOpenOutlined,
  FolderOutlined,
  LinkOutlined,
} from '@ant-design/icons';
import type { TreeNode } from '@library/contract';

/** The icon of a tree node by type; a page shows its own emoji when it has one. */
export function NodeIcon({ node, open = false }: { node: TreeNode; open?: boolean }) {
  switch (node.type) {
    case 'topic':
      return open ? (
        <FolderOpenOutlined className="node-icon node-icon-topic" />
      ) : (
        <FolderOutlined className="node-icon node-icon-topic" />
      );
    case 'page':
      return node.avatar && !node.avatar.includes('/') ? (
        <span className="node-icon node-icon-emoji" aria-hidden>
          {node.avatar}
        </span>
      ) : (
        <FileTextOutlined className="node-icon node-icon-page" />
      );
    case 'link':
      return <LinkOutlined className="node-icon node-icon-link" />;
  }
}
