import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { JobProcessor } from './job-processor';

/** A processor of the service, by class name, and the queue its job map is for (none: no map). */
export interface ProcessorOfQueue {
  processor: string;
  queue?: string;
}

/** Throws naming each processor without a job map, and each queue taken by more than one processor. */
export function checkOneProcessorPerQueue(processors: ProcessorOfQueue[]): void {
  const byQueue = new Map<string, string[]>();
  const problems: string[] = [];
  for (const { processor, queue } of processors) {
    if (queue === undefined) problems.push(`${processor} is not a JobProcessor: its jobs have no job map`);
    else byQueue.set(queue, [...(byQueue.get(queue) ?? []), processor]);
  }
  for (const [queue, names] of byQueue)
    if (names.length > 1)
      problems.push(`${queue}: its jobs would go to ${names.join(' or ')}, not to exactly one handler`);
  if (problems.length) throw new Error(problems.join('; '));
}

/** Start-up fails when two processors of the service share a queue, or one bypasses the job maps. */
@Injectable()
export class OneProcessorPerQueue implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    checkOneProcessorPerQueue(
      this.discovery
        .getProviders()
        .map((wrapper) => wrapper.instance as unknown)
        .filter((instance): instance is WorkerHost => instance instanceof WorkerHost)
        .map((host) => ({
          processor: host.constructor.name,
          queue: host instanceof JobProcessor ? host.queueJobs.queue : undefined,
        })),
    );
  }
}
