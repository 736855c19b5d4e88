import { printLighthouse, runLighthouse } from './lighthouse.js';
import { measurePageWeight, printPageWeights } from './page-weight.js';
import { startStandIns, useStandIns } from './stand-ins.js';

/** A page to measure, and what to say about it beside its path. */
export interface BenchPage {
  path: string;
  note?: string;
}

/**
 * Prints the JavaScript each page loads before it is usable and Lighthouse's mobile run of each,
 * with the code host and the calendar image served by loopback stand-ins, as they load online.
 */
export async function reportPages(serverUrl: string, pages: readonly BenchPage[]): Promise<void> {
  const paths = pages.map((page) => page.path);
  const label = (path: string) => {
    const note = pages.find((page) => page.path === path)?.note;
    return note ? `${path} (${note})` : path;
  };
  const standIns = await startStandIns();
  try {
    await useStandIns(serverUrl, standIns.calendarUrl);
    printPageWeights(await measurePageWeight(serverUrl, paths), label);
    console.info('');
    printLighthouse(
      await runLighthouse(
        paths.map((page) => serverUrl + page),
        standIns.chromeFlags,
      ),
      serverUrl,
      label,
    );
  } finally {
    await standIns.close();
  }
}
