import { createEvent, Environment, EventEnvelope, TopicContract } from '@payments/contracts';
import { IsInt, Min } from 'class-validator';

export class WidgetChangedV1 {
  @IsInt() @Min(1) revision: number;
}

export type WidgetEvent = EventEnvelope<'widget.changed', WidgetChangedV1>;

/** The test topic: three partitions, so that several widgets interleave across partitions. */
export const WIDGET_EVENTS = new TopicContract<WidgetEvent>('tests.widget-events.v1', 3, {
  'widget.changed@1': WidgetChangedV1,
});

export function widgetChanged(widgetId: string, revision: number): WidgetEvent {
  return createEvent(
    'widget.changed',
    1,
    { platformId: 'Platform:test', environment: Environment.Sandbox },
    widgetId,
    {
      revision,
    },
  );
}
