import { createContext, useContext, type ComponentType } from 'react';

/**
 * The 'Saiba mais' tab (features/learn-more), handed by the app to screens that show it in a sheet of their own (the
 * chat's Users sheet on phones): features do not import one another, the app composes them.
 */
export const LearnMoreTabSlot = createContext<ComponentType | null>(null);

export const useLearnMoreTab = () => useContext(LearnMoreTabSlot);
