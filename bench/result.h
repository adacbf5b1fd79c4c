#pragma once

// One measured figure in a form bench/run collects into its table:
//   RESULT <tab> benchmark <tab> measure <tab> value <tab> unit <tab> target

#include <QString>

#include <cstdio>

namespace sense7::bench {

inline void result(const char *benchmark, const QString &measure, double value, const char *unit,
                   const QString &target = {})
{
    std::printf("RESULT\t%s\t%s\t%.3f\t%s\t%s\n", benchmark, qPrintable(measure), value, unit,
                qPrintable(target));
    std::fflush(stdout);
}

} // namespace sense7::bench
