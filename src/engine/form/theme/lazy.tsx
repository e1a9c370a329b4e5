/**
 * Widgets that most forms do not use are split out of the first-load bundle and loaded on demand.
 * A form preloads the ones its flow names as soon as it renders (`preloadWidgets`), so by the time
 * a user reaches the field the code is there; until then the field renders nothing.
 */
import { Suspense, lazy, type ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { FormFlow, WidgetName } from '../flow';

type WidgetModule = Record<string, ComponentType<WidgetProps>>;

const loaders: Partial<Record<WidgetName, () => Promise<WidgetModule>>> = {};

/** A widget whose code is loaded by `load` the first time it is needed. */
export function lazyWidget(
  name: WidgetName,
  load: () => Promise<WidgetModule>,
  exportName: string,
): ComponentType<WidgetProps> {
  loaders[name] = load;
  const Loaded = lazy(async () => {
    const module = await load();
    const component = module[exportName];
    if (!component) throw new Error(`widget module has no export ${exportName}`);
    return { default: component };
  });
  function LazyWidget(props: WidgetProps) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyWidget.displayName = `Lazy(${exportName})`;
  return LazyWidget;
}

/** Starts loading the code of every lazily loaded widget the flow uses. */
export function preloadWidgets(flow: FormFlow): void {
  for (const field of Object.values(flow.fields)) {
    const load = field.widget ? loaders[field.widget] : undefined;
    void load?.();
  }
}
