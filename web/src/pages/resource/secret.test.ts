import { SECRET_MASK } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { dialogFields, listFields } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { mediaInputs } from './mediaInputs';
import { readOnly } from './readOnly';
import { keepEmptySecret, withSecretOnEdit } from './secret';
import { FileInput, ImageInput } from './UploadInput';

describe('configuration secrets', () => {
  const oss = withSecretOnEdit(resourceNamed('oss'));

  it('puts the secret in the edit form too, but never in the list or the view', () => {
    const names = (fields: { name: string }[]) => fields.map((f) => f.name);
    expect(names(dialogFields(oss, 'edit'))).toContain('secretKey');
    expect(names(dialogFields(oss, 'add'))).toContain('secretKey');
    expect(names(dialogFields(oss, 'view'))).not.toContain('secretKey');
    expect(names(listFields(oss))).not.toContain('secretKey');
  });

  it('does not send an empty secret, so the stored one stays', () => {
    expect(keepEmptySecret({ id: '1', ossCode: 'a', secretKey: '' })).toEqual({ id: '1', ossCode: 'a' });
    expect(keepEmptySecret({ id: '1', secretKey: null })).toEqual({ id: '1' });
    expect(keepEmptySecret({ id: '1', secretKey: 'new' })).toEqual({ id: '1', secretKey: 'new' });
    // The data source's detail answers the mask for a stored password; left as it is, it is kept.
    expect(keepEmptySecret({ id: '1', password: SECRET_MASK }, 'password')).toEqual({ id: '1' });
  });
});

describe('page helpers', () => {
  it('gives image and file fields upload controls', () => {
    const inputs = mediaInputs(resourceNamed('lesson'));
    expect(inputs.cover).toBe(ImageInput);
    expect(inputs.videoUrl).toBe(FileInput);
    expect(inputs.title).toBeUndefined();
  });

  it('turns the generic buttons off for an embedded list', () => {
    const codes = readOnly(resourceNamed('equityCode'));
    expect(codes.permission).not.toBe('equitycode');
    expect(codes.ui?.view).toBe(false);
    expect(codes.fields).toBe(resourceNamed('equityCode').fields);
  });
});
