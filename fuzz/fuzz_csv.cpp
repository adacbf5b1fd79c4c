// libFuzzer harness for the RFC 4180 reader every CSV importer uses.

#include "error.h"
#include "import/csvreader.h"

#include <QBuffer>

#include <cstddef>
#include <cstdint>

using namespace sense7;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadOnly);
    const char separator = import::CsvReader::guessSeparator(bytes.left(bytes.indexOf('\n')));
    import::CsvReader csv(buffer, QStringLiteral("fuzz.csv"), separator);
    QStringList fields;
    try {
        while (csv.next(fields)) {
            if (csv.line() < 1 || csv.bytesRead() > qint64(size))
                abort(); // positions must stay inside the input
        }
    } catch (const Error &) { }
    return 0;
}
