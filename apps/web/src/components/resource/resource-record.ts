import { createContext, useContext } from 'react';

/**
 * The record an update screen loaded, whole (the form holds only the declared fields): a custom
 * input reads what goes with its value from it (a photo field shows the record's `photo`).
 */
export const ResourceRecordContext = createContext<Record<string, unknown> | null>(null);

export const useResourceRecord = () => useContext(ResourceRecordContext);
