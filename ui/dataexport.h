#pragma once

#include "browse/filter.h"
#include "export/writer.h"

class QWidget;

namespace sense7 {

class Store;

/**
 * Asks where to write, then exports \a filter's conversations with a progress dialog that can
 * cancel; says what was written or why not. The format follows the chosen file type: tidy CSV
 * (with its codebook), JSON Lines or a bundle. Returns true when something was written.
 */
bool exportDataInteractively(QWidget *parent, const Store &store, const browse::Filter &filter);

/**
 * Runs \a options' export to \a path with a progress dialog; throws Error (exporter::Cancelled
 * when the user stops it, in which case nothing was written).
 */
exporter::Summary exportWithProgress(QWidget *parent, const Store &store, exporter::Format format,
                                     const QString &path, const exporter::Options &options);

} // namespace sense7
