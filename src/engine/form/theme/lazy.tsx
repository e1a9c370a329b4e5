/**
 * Widgets that most forms do not use are split out of the first-load bundle and loaded on demand.
 * A form waits for the ones its flow names before it shows (`widgetsLoading`, for React's `use`):
 * it appears whole, never a field that fills in a moment later and pushes the page down.
 */
import { Suspense, lazy, type ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { FormFlow, WidgetName } from '../flow';

type WidgetModule = Record<string, ComponentType<WidgetProps>>;

const loaders: Partial<Record<WidgetName, () => Promise<WidgetModule>>> = {};
const loaded = new Set<WidgetName>();
const loading = new Map<string, Promise<void>>();

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

/**
 * Undefined once the code of every lazily loaded widget the flow uses is here; until then one
 * promise per set of widgets (the same object on every call, as `use` needs), settled when they
 * have loaded or failed (a failed one shows nothing in its field, as before it is needed).
 */
export function widgetsLoading(flow: FormFlow): Promise<void> | undefined {
  const names = [
    ...new Set(
      Object.values(flow.fields)
        .map((field) => field.widget)
        .filter((name): name is WidgetName => !!name && !!loaders[name] && !loaded.has(name)),
    ),
  ].sort();
  if (names.length === 0) return undefined;
  const key = names.join(',');
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(
      names.map((name) =>
        loaders[name]!().then(
          () => void loaded.add(name),
          () => undefined,
        ),
      ),
    ).then(() => undefined);
    loading.set(key, promise);
  }
  return promise;
}
