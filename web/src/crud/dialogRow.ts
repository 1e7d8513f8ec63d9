import { createContext, useContext } from 'react';
import type { Row } from './fields';

/** The row a form dialog edits (empty for an add): a page's own control may need its id. */
export const DialogRow = createContext<Row>({});

export const useDialogRow = (): Row => useContext(DialogRow);
