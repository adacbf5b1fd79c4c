// libFuzzer harness for the instrument (taxonomy) and form loaders, which read JSON a research
// team writes by hand: SENSE7_FUZZ_FORMAT is "taxonomy" or "form".

#include "error.h"
#include "forms.h"
#include "taxonomy.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

using namespace sense7;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), qsizetype(size));
    try {
        if (std::strcmp(SENSE7_FUZZ_FORMAT, "taxonomy") == 0) {
            const Instrument instrument = taxonomy::parse(json, QStringLiteral("fuzz.json"));
            for (const Dimension &d : instrument.dimensions) {
                if (d.scaleMin > d.scaleMax)
                    abort(); // a loaded instrument is one the studio can show
            }
        } else {
            forms::parse(json, QStringLiteral("fuzz.json"));
        }
    } catch (const Error &) { }
    return 0;
}
