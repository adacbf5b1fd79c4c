// Must not compile: sense7core gives no include path to Qt Widgets (see tests/CMakeLists.txt).
#include <QWidget>

int probe()
{
    return sizeof(QWidget);
}
