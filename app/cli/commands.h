#pragma once

#include <QStringList>

class QTextStream;

namespace sense7::cli {

/**
 * Runs `sense7 COMMAND ...` with \a arguments (argv, program name first). Results go to \a out,
 * errors to \a err. Returns the process exit code: 0 on success, 1 on any error.
 */
int run(const QStringList &arguments, QTextStream &out, QTextStream &err);

} // namespace sense7::cli
