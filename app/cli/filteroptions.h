#pragma once

#include "browse/filter.h"

class QCommandLineParser;

namespace sense7 {
class Store;
}

namespace sense7::cli {

/** The browser's filters as options, shared by `sense7 export` and `sense7 figures`. */
void addFilterOptions(QCommandLineParser &parser);
/** The filter the options describe; throws Error on a value it cannot use. */
browse::Filter filterFromOptions(const QCommandLineParser &parser, const Store &store);
/**
 * Brings the digests the filters and charts read up to date, when the data set can be written;
 * returns a warning for people when it cannot and some are out of date, else an empty string.
 */
QString refreshDigests(Store &store);

} // namespace sense7::cli
