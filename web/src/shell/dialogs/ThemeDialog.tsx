import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker, Modal, Space, Typography } from 'antd';
import { website } from '../../config';
import { type MessageKey, useT } from '../../i18n';
import { setColor, setTheme, useLayout } from '../../store/layout';
import { themes } from '../themes';

/** The 11 themes and the colour picker. */
export function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const themeName = useLayout((s) => s.themeName);
  const colorName = useLayout((s) => s.colorName);
  return (
    <Modal title={t('theme.title')} open={open} onCancel={onClose} footer={null} width={640}>
      <div className="theme-grid">
        {themes.map((look) => (
          <button
            type="button"
            key={look.name}
            className={`theme-card${look.name === themeName ? ' is-active' : ''}`}
            data-theme-name={look.name}
            onClick={() => setTheme(look.name)}
          >
            <span className="theme-preview">
              <span className="theme-preview-sider" style={{ background: look.siderBg }} />
              <span className="theme-preview-main">
                <span className="theme-preview-header" style={{ background: look.headerBg }} />
                <span className="theme-preview-body" style={{ background: look.contentBg }} />
              </span>
              {look.name === themeName ? <CheckOutlined className="theme-check" /> : null}
            </span>
            <span className="theme-name">{t(`theme.${look.name}` as MessageKey)}</span>
          </button>
        ))}
      </div>
      <Space style={{ marginTop: 16 }}>
        <Typography.Text>{t('theme.color')}</Typography.Text>
        <ColorPicker
          value={colorName}
          showText
          presets={[
            {
              label: t('theme.presets'),
              colors: [website.colorName, '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1'],
            },
          ]}
          onChangeComplete={(c) => setColor(c.toHexString())}
        />
      </Space>
    </Modal>
  );
}
