import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../i18n';
import type { GeneratedFile } from './codeApi';
import { fileTree } from './fileTree';
import './code.css';

type Highlighter = (source: string, language: GeneratedFile['language']) => string;

/**
 * The files a code record generates: their tree on the left, the chosen file's source on the
 * right, highlighted once the highlighter (its own chunk) has loaded.
 */
export function CodePreviewDialog({
  files,
  loading,
  downloading,
  onDownload,
  onClose,
}: {
  /** null: closed. */
  files: GeneratedFile[] | null;
  loading: boolean;
  downloading: boolean;
  onDownload: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  const [highlight, setHighlight] = useState<Highlighter | null>(null);
  const open = files !== null;

  useEffect(() => {
    if (!open || highlight) return;
    let active = true;
    import('./highlight').then((m) => active && setHighlight(() => m.highlight)).catch(() => undefined);
    return () => {
      active = false;
    };
  }, [open, highlight]);

  useEffect(() => setChosen(files?.[0]?.path ?? null), [files]);

  const tree = useMemo(() => fileTree((files ?? []).map((f) => f.path)), [files]);
  const file = files?.find((f) => f.path === chosen);
  const html = useMemo(
    () => (file && highlight ? highlight(file.content, file.language) : null),
    [file, highlight],
  );

  return (
    <Modal
      title={t('code.preview')}
      open={open}
      width={1100}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button
          key="zip"
          type="primary"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={onDownload}
        >
          {t('code.download')}
        </Button>,
      ]}
    >
      <Spin spinning={loading}>
        {files && files.length === 0 ? (
          <Empty />
        ) : (
          <div className="code-preview">
            <div className="code-preview-tree">
              <Tree.DirectoryTree
                treeData={tree}
                defaultExpandAll
                selectedKeys={chosen ? [chosen] : []}
                onSelect={(keys, info) => info.node.isLeaf && setChosen(String(keys[0]))}
              />
            </div>
            <div className="code-preview-source">
              {file && <div className="code-preview-path">{file.path}</div>}
              {file &&
                (html === null ? (
                  <pre className="hljs">{file.content}</pre>
                ) : (
                  // The highlighter escapes the source; the markup is its own spans.
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: highlighted, escaped source
                  <pre className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
                ))}
            </div>
          </div>
        )}
      </Spin>
    </Modal>
  );
}
