import { Button } from 'antd';
import type { LoadLevel } from '../../crud/api';
import { CrudPage } from '../../crud/CrudPage';
import { resourceNamed } from '../../crud/registry';
import { regionLevel } from './systemApi';

const region = resourceNamed('region');

/** Regions load one level at a time by parent code ('00' for the provinces). */
const loadLevel: LoadLevel = (parent) => regionLevel(parent ? String(parent.code) : '00');

/** Administrative divisions as a lazy tree table; a row adds a division under itself. */
export default function RegionPage() {
  return (
    <CrudPage
      resource={region}
      list={{ loadLevel }}
      table={{
        rowActions: (row, { access, text, openDialog }) =>
          access.add && (
            <Button
              type="link"
              size="small"
              onClick={() =>
                void openDialog('add', undefined, {
                  parentCode: row.code,
                  regionLevel: Math.min(Number(row.regionLevel ?? 0) + 1, 5),
                })
              }
            >
              {text.t('addChild')}
            </Button>
          ),
      }}
    />
  );
}
